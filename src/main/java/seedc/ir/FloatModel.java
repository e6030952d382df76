package seedc.ir;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What every front end gives the rest of the pipeline: the float program and its trained
 * parameters, by parameter name, row-major. Analyses, the search and the backends read only this.
 */
public record FloatModel(Program program, Map<String, double[]> weights) {
    public FloatModel {
        weights = Collections.unmodifiableMap(new LinkedHashMap<>(weights)); // keeps the load order
    }
}
