package seedc.driver;

/** Whether a command computes in fixed point or runs / emits the float program. */
public enum Encoding { FIXED, FLOAT }
