package seedc.codegen.verilog.emit;

import seedc.codegen.verilog.graph.Sizes;
import seedc.fixed.FixedType;
import seedc.ir.Program;

/**
 * tb.v: streams the examples of a file through the design: one example a line, its input elements as the
 * integers the port takes, separated by spaces (what the design folder's reader, the C predictor's, makes of a
 * .csv: each feature quantized as round(x * 2^(scale + shift)), halves away from zero, saturated to the input's
 * width). Each element is written through the input port; then start, and at done it prints the label (a tensor
 * result: its raw integers, separated by spaces, read through the output port), or with +cycles "cycles N"
 * (clock edges from start to done).
 */
public final class Testbench {
    private Testbench() {}

    /**
     * {@code labelBits}: the label port's width, or minus the result's element width for a tensor result;
     * {@code scores}: null, or the design's memory of the label's argmax operand, whose elements (read through the
     * hierarchy at done) a {@link seedc.backend.ScoredBuild scored} testbench prints before the label, each followed
     * by a space.
     */
    public static String text(Program program, FixedType input, int addressBits, int labelBits, String scores) {
        return "// seedc testbench: vvp sim.vvp +examples=FILE [+cycles]\n`timescale 1ns/1ps\n"
                + declarations(program, input, addressBits, labelBits, scores != null)
                + examples(program, labelBits < 0, scores);
    }

    /** The module's clock, the design's ports and the registers of the examples' loop, up to its initial block. */
    private static String declarations(Program program, FixedType input, int addressBits, int labelBits,
                                       boolean scored) {
        boolean tensor = labelBits < 0;
        int outs = program.result().size();
        StringBuilder sb = new StringBuilder();
        sb.append("module tb;\n    reg clk = 1'b0;\n    always #5 clk = ~clk;\n");
        sb.append("    reg start = 1'b0, in_we = 1'b0;\n    reg [").append(addressBits - 1).append(":0] in_addr = 0;\n");
        sb.append("    reg signed [").append(input.bits() - 1).append(":0] in_data = 0;\n");
        sb.append("    wire done;\n");
        if (tensor) {
            sb.append("    reg [").append(Sizes.counterBits(outs - 1) - 1).append(":0] out_addr = 0;\n    wire signed [")
              .append(-labelBits - 1).append(":0] out_data;\n    integer k;\n");
        } else {
            sb.append("    wire [").append(labelBits - 1).append(":0] label;\n");
            sb.append(scored ? "    integer k;\n" : "");
        }
        sb.append("    seedc_top dut (.clk(clk), .start(start), .in_we(in_we), .in_addr(in_addr), .in_data(in_data),"
                + " .done(done), " + (tensor ? ".out_addr(out_addr), .out_data(out_data)" : ".label(label)") + ");\n");
        sb.append("    reg [8*4096-1:0] path;\n    integer fd, code, i, cycles;\n    reg cyc;\n");
        sb.append("    reg signed [63:0] q;\n    initial begin\n");
        return sb.toString();
    }

    /** The loop over the examples: each one's elements written, then start, and at done the result printed. */
    private static String examples(Program program, boolean tensor, String scores) {
        return """
                        if (!$value$plusargs("examples=%s", path)) begin
                            $display("tb: give +examples=FILE");
                            $finish;
                        end
                        cyc = $test$plusargs("cycles");
                        fd = $fopen(path, "r");
                        if (fd == 0) begin
                            $display("tb: cannot open the examples");
                            $finish;
                        end
                        code = $fscanf(fd, "%d", q);
                        while (code == 1) begin
                            for (i = 0; i < @N@; i = i + 1) begin
                                if (i > 0) code = $fscanf(fd, "%d", q);
                                @(negedge clk);
                                in_we = 1'b1;
                                in_addr = i;
                                in_data = q;
                            end
                            @(negedge clk);
                            in_we = 1'b0;
                            start = 1'b1;
                            @(posedge clk);
                            #1 start = 1'b0;
                            cycles = 1;
                            while (!done) begin
                                @(posedge clk);
                                #1 cycles = cycles + 1;
                            end
                            if (cyc) $display("cycles %0d", cycles); else @PRINT@
                            code = $fscanf(fd, "%d", q);
                        end
                        $finish;
                    end
                endmodule
                """.replace("@PRINT@", print(program, tensor, scores))
                .replace("@N@", Integer.toString(program.input().size()));
    }

    /** The statement that prints an example's result at done: its raw integers, or its scores and label. */
    private static String print(Program program, boolean tensor, String scores) {
        if (tensor) {
            return "begin\n"
                    + "                for (k = 0; k < " + program.result().size() + "; k = k + 1) begin\n"
                    + "                    out_addr = k;\n                    #1 if (k > 0) $write(\" \");\n"
                    + "                    $write(\"%0d\", out_data);\n"
                    + "                end\n                $write(\"\\n\");\n            end";
        }
        if (scores == null) {
            return "$display(\"%0d\", label);";
        }
        return "begin\n                for (k = 0; k < " + program.decisionScores().size() + "; k = k + 1)"
                + " $write(\"%0d \", dut." + scores + "[k]);\n"
                + "                $display(\"%0d\", label);\n            end";
    }
}
