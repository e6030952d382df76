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

`endif
