package seedc.ir;

/** Strides, paddings (top, bottom, left, right) and dilations of a convolution or pooling window. */
public record Window(int sh, int sw, int pt, int pb, int pl, int pr, int dh, int dw) {}
