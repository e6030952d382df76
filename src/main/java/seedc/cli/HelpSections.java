package seedc.cli;

/**
 * The headings of --help and docs/options.md: the options a newcomer needs first carry none (picocli lists them at
 * the top), the expert ones sit in argument groups under these headings, in this order. Constants because an
 * annotation's attribute must be one.
 */
final class HelpSections {
    private HelpSections() {}

    static final String SEARCH = "%nSearch and accuracy:%n";
    static final int SEARCH_ORDER = 1;
    static final String PRECISION = "%nPrecision modes:%n";
    static final int PRECISION_ORDER = 2;
    static final String STORAGE = "%nStorage and bit layouts:%n";
    static final int STORAGE_ORDER = 3;
    static final String FPGA = "%nFPGA knobs (--target fpga):%n";
    static final int FPGA_ORDER = 4;
    static final String MEASUREMENT = "%nMeasurement:%n";
    static final int MEASUREMENT_ORDER = 5;
    static final String DATA = "%nData and threads:%n";
    static final int DATA_ORDER = 6;
    static final String ONNX = "%nONNX import:%n";
    static final int ONNX_ORDER = 7;
    static final String OUTPUT = "%nOutput and reports:%n";
    static final int OUTPUT_ORDER = 8;
}
