/**
 * What planning and emission both read: the matrix dataflow graph of a program
 * ({@link seedc.codegen.verilog.graph.DataflowGraph}, a {@link seedc.codegen.verilog.graph.DataflowNode} per op),
 * the intervals that bound a lane's temporaries and a divider's operands, counter sizes, and the backend's
 * resource files. Takes the IR's program; uses nothing else of the backend.
 */
package seedc.codegen.verilog.graph;
