/** SeeDot's syntax: the ANTLR grammar, the AST (records with positions) and located syntax errors. */
package seedc.frontend.seedot.lang;
