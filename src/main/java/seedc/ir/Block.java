package seedc.ir;

import java.util.List;

/** A straight-line sequence of ops (a program's body or a loop's body). */
public record Block(List<Op> ops) {}
