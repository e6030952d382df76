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

    /** The name of this term's kind and widths with {@code newUnit} as its unit (Maxpool.tap.8 -> Maxpool.X.8). */
    String withUnit(String newUnit) {
        return kind + "." + newUnit + (widths.isEmpty() ? "" : "." + widths);
    }

    /**
     * {@code terms} without those of unit {@code unit} that {@code fitted} does not hold: how a model prices a term
     * it never measured that stands beside the op's other terms (priced at nothing), not in place of one.
     */
    static java.util.Map<String, Double> withoutUnfitted(java.util.Map<String, Double> terms, String unit,
                                                        java.util.function.Predicate<String> fitted) {
        if (terms.keySet().stream().noneMatch(t -> unit(t).equals(unit) && !fitted.test(t))) {
            return terms;
        }
        java.util.Map<String, Double> t = new java.util.TreeMap<>(terms);
        t.keySet().removeIf(term -> unit(term).equals(unit) && !fitted.test(term));
        return t;
    }

    OpFamily family() {
        return OpFamily.ofKind(kind);
    }
}
