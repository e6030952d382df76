// seedc's fixed-point primitives (docs/fixed-point-semantics.md) on 64-bit signed values, as the Java kernels
// compute them (seedc.fixed.FixedArith): every template includes this file.
`ifndef SD_ARITH_VH
`define SD_ARITH_VH

// Scale shift: n > 0 divides by 2^n rounding toward zero; n < 0 multiplies by 2^-n (modulo 2^64).
function automatic signed [63:0] sd_shr(input signed [63:0] v, input integer n);
    if (n >= 63) sd_shr = 64'sd0;
    else if (n > 0) sd_shr = (v + (v < 0 ? ((64'sd1 <<< n) - 64'sd1) : 64'sd0)) >>> n;
    else if (n == 0) sd_shr = v;
    else if (-n >= 64) sd_shr = 64'sd0;
    else sd_shr = v <<< (-n);
endfunction

// Two's complement wrap-around of v to bits bits (1..64).
function automatic signed [63:0] sd_wrap(input signed [63:0] v, input integer bits);
    sd_wrap = (v <<< (64 - bits)) >>> (64 - bits);
endfunction

// floor(sqrt(v)) of a non-negative v, digit by digit (exact, as FixedArith.isqrt).
function automatic signed [63:0] sd_isqrt(input signed [63:0] v);
    reg [63:0] rem, root, bit_;
    integer i;
    begin
        rem = v;
        root = 0;
        bit_ = 64'h4000000000000000;
        for (i = 0; i < 32; i = i + 1) begin
            if (rem >= root + bit_) begin
                rem = rem - (root + bit_);
                root = (root >> 1) + bit_;
            end else begin
                root = root >> 1;
            end
            bit_ = bit_ >> 2;
        end
        sd_isqrt = root;
    end
endfunction

`endif
