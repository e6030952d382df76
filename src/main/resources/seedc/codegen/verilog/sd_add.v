// Element-wise sum or difference (seedc's Add, OpParams.Add): out = wrap_WO(shr(wrap_W(shr(a, SHR_A) +/-
// shr(b, SHR_B)), POST)) for PF elements per cycle (PF processing elements, MAFIA's parallelism factor). A
// linear-time node: it takes PF elements of each operand in a beat (in_valid) and gives the PF results one cycle
// later (out_valid), so its input, execution and output PF are equal.
`include "sd_arith.vh"
`include "sd_stream.vh"

module sd_add #(
    parameter integer PF = 1,
    parameter integer WA = 16, WB = 16, WO = 16, // operand and result widths
    parameter integer W = 32,                    // the temporary's width
    parameter integer SHR_A = 0, SHR_B = 0, POST = 0,
    parameter integer SUB = 0
) (`SD_STREAM_PORTS);
    integer k;
    reg signed [63:0] x, y, e;
    always @(posedge clk) begin
        out_valid <= in_valid;
        for (k = 0; k < PF; k = k + 1) begin
            x = sd_shr($signed(a[k*WA +: WA]), SHR_A);
            y = sd_shr($signed(b[k*WB +: WB]), SHR_B);
            e = SUB ? x - y : x + y;
            out[k*WO +: WO] <= sd_wrap(sd_shr(sd_wrap(e, W), POST), WO);
        end
    end
endmodule
