/**
 * The ONNX front end. Takes an .onnx file (parsed by protobuf-java with classes generated from ONNX's official
 * onnx.proto); gives the equivalent SeeDot program and its parameters ({@link seedc.frontend.onnx.ImportedProgram}),
 * which the SeeDot front end then types and lowers to the IR: what {@code seedc import} writes is exactly what
 * every other command compiles. One converter per operator in {@code ops}; constants (initializers) are folded
 * at import (Gemm's alpha and beta, transposes, ONNX's filter layout to SeeDot's). A program computes one graph output
 * from one graph input ({@code GraphOutput}, {@code GraphInput}: the nodes and inputs the chosen output does not read
 * are left out), one example at a time ({@code FixedBatch}: a batch an exporter fixed above one is read as one).
 */
package seedc.frontend.onnx;
