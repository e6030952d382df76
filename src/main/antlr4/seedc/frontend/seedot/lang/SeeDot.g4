// The SeeDot language (compatible with EdgeML SeeDot .sd files).
// The grammar is deliberately permissive about call arguments: AstBuilder checks
// each construct's arguments so that mistakes get precise messages.
grammar SeeDot;

program : expr EOF ;

expr
    : '(' intList ')' 'in' '[' signedNum ',' signedNum ']'                     # decl
    | expr '^T'                                                                 # transpose
    | expr ('[' expr ':+' INT ']')+                                             # splice
    | expr '[' expr ']'                                                         # index
    | ID '(' arg (',' arg)* ')'                                                 # call
    | op=('-' | '+') expr                                                       # unary
    | expr op=('*' | '|*|' | '<*>' | '<+>' | '<->') expr                        # mulLevel
    | expr op=('+' | '-') expr                                                  # addLevel
    | <assoc=right> expr '>=' expr '?' expr ':' expr                            # cond
    | 'let' ID ('[' expr ':+' INT ']')* '=' expr 'in' expr                      # let
    | 'loop' '(' ID '=' '[' INT ':' INT ']' ',' ID ')' expr                     # loop
    | '$' '(' ID '=' '[' INT ':' INT ']' ')' expr                               # sum
    | '[' expr (sep+=(',' | ';') expr)* ']'                                     # bracket
    | '(' expr ')'                                                              # paren
    | INT                                                                       # int
    | REAL                                                                      # real
    | ID                                                                        # var
    ;

// Call arguments: expressions, int tuples such as (1, 2), or option groups such as {s 1 1}.
arg
    : '(' intList ')'            # tupleArg
    | '{' ID signedInt* '}'      # optionArg
    | expr                       # exprArg
    ;

intList   : signedInt (',' signedInt)* ;
signedInt : '-'? INT ;
signedNum : '-'? (INT | REAL) ;

INT  : [0-9]+ ;
REAL : [0-9]+ '.' [0-9]* EXP? | '.' [0-9]+ EXP? | [0-9]+ EXP ;
fragment EXP : [eE] [+-]? [0-9]+ ;
ID   : [a-zA-Z_] [a-zA-Z0-9_]* ;

COMMENT : '//' ~[\r\n]* -> skip ;
BLOCK_COMMENT : '/*' .*? '*/' -> skip ;
// A '/*' with no '*/' after it (the text up to the end holds no "*/"): the parser names it.
UNTERMINATED_COMMENT : '/*' (~'*' | '*'+ ~[*/])* '*'* EOF ;
WS : [ \t\r\n]+ -> skip ;
// Anything else becomes a token the parser rejects with a precise position.
ERROR_CHAR : . ;
