/**
 * SeeDot's type checker: takes the AST, gives every node's shape (and int ranges) or a located error
 * ({@code file:line:col: error: ...}); the lowering reads the result.
 */
package seedc.frontend.seedot.types;
