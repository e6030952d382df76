package seedc.cost;

/**
 * A term's name, "Kind.unit.widths" (OpWork's: {@code MatMul.nextmac.8x8.t16}, {@code Quantize.foldedop}), split at
 * its first two dots (a part it lacks is empty): what the model's pricing and the kernels' renamings (IdiomWork's
 * rows, SignWork, FoldedWork) read of it.
 */
record TermName(String kind, String unit, String widths) {
    static TermName of(String term) {
        String[] p = term.split("\\.", 3);
        return new TermName(p[0], p.length > 1 ? p[1] : "", p.length > 2 ? p[2] : "");
    }

    /** A term's unit alone. */
    static String unit(String term) {
        return of(term).unit;
    }

    OpFamily family() {
        return OpFamily.ofKind(kind);
    }
}
