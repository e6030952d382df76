// Element-wise product (seedc's Hadamard, ScalarMul and VecOp MUL once their operands are streamed element by
// element; OpParams.Mul with one term): out = wrap_WO(shr(wrap_W(shr(a, SHR_A) * shr(b, SHR_B)), POST)) for PF
// elements per cycle. A linear-time node like sd_add: PF elements of each operand in a beat (in_valid), the PF
// results one cycle later (out_valid).
`include "sd_arith.vh"
`include "sd_stream.vh"

module sd_product #(
    parameter integer PF = 1,
    parameter integer WA = 16, WB = 16, WO = 16, // operand and result widths
    parameter integer W = 32,                    // the product's temporary width
    parameter integer SHR_A = 0, SHR_B = 0, POST = 0
) (`SD_STREAM_PORTS);
    integer k;
    reg signed [63:0] x, y;
    always @(posedge clk) begin
        out_valid <= in_valid;
        for (k = 0; k < PF; k = k + 1) begin
            x = sd_shr($signed(a[k*WA +: WA]), SHR_A);
            y = sd_shr($signed(b[k*WB +: WB]), SHR_B);
            out[k*WO +: WO] <= sd_wrap(sd_shr(sd_wrap(x * y, W), POST), WO);
        end
    end
endmodule
