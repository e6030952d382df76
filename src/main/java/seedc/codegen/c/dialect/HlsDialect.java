package seedc.codegen.c.dialect;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import seedc.backend.Device;
import seedc.codegen.c.writer.RuntimeHeader;
import seedc.codegen.c.writer.Templates;
import seedc.diag.UserError;
import seedc.fixed.FixedProgram;
import seedc.ir.Op;
import seedc.ir.Value;

/**
 * SeeDot's FPGA backend (PLDI'19 section 6) as hooks on the C generator: the same fixed-point C, with Vitis HLS
 * interface pragmas on seedc_predict and {@code #pragma HLS UNROLL factor=k} in each op's loop over its elements
 * ({@link HlsUnroll}), plus hls.tcl (the Vitis HLS project: csynth_design for the device's part) and
 * hls-unroll.txt (the hints and their estimates). Pragmas change no semantics: the C builds with gcc too
 * (main.c and the Makefile, which reads CSV like the x86 predictor), which is how it is checked here, Vitis
 * not being available. Vitis HLS targets Xilinx parts only: the device is the Arty A7-35T.
 */
public final class HlsDialect extends CDialect {
    public HlsDialect() {
        super("hls", Device.ARTY_A7_35T, 0, 0, 0);
    }

    @Override
    public String deviceProblem(Device device) {
        Device d = device == null ? Device.ARTY_A7_35T : device;
        return d == Device.ARTY_A7_35T ? null : "--target hls writes C for Vitis HLS, which targets Xilinx FPGAs:"
                + " give --device arty-a7-35t, not " + d.name();
    }

    private Device.Fabric fabric(Device device) {
        String problem = deviceProblem(device);
        if (problem != null) {
            throw UserError.of(problem);
        }
        return (device == null ? Device.ARTY_A7_35T : device).fabric();
    }

    @Override
    public Map<Op, Integer> unrollFactors(FixedProgram fp, Device device) {
        return HlsUnroll.choose(fp, fabric(device)).factors();
    }

    /** The input through an AXI master port, the call and the result through AXI-Lite. */
    @Override
    public String predictPragmas(FixedProgram fp) {
        Value in = fp.program().input();
        String x = in == null ? "" : "#pragma HLS INTERFACE mode=m_axi port=x depth=" + in.size()
                + " offset=slave bundle=gmem\n#pragma HLS INTERFACE mode=s_axilite port=x\n";
        return x + "#pragma HLS INTERFACE mode=s_axilite port=return\n";
    }

    @Override
    public Map<String, String> designFiles(FixedProgram fp, Device device) {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("hls.tcl", Templates.fill("hls.tcl", Map.of("PART", "xc7a35ticsg324-1L")));
        files.put("hls-unroll.txt", HlsUnroll.choose(fp, fabric(device)).table());
        return files;
    }

    @Override
    public Map<String, String> fixedFiles(RenderedC p, SketchExample example, Path dir) {
        Map<String, String> files = files("predict.h", p.predictH(), "model.h", p.modelH(), "predict.c", p.predictC(),
                "seedc_runtime.h", RuntimeHeader.text(), "main.c", Templates.resource("main.c"),
                "Makefile", Templates.resource("Makefile-hls"));
        files.putAll(p.design());
        return files;
    }

    @Override
    public Map<String, String> floatFiles(String predictH, String source) {
        return HostDialect.floatFiles(predictH, source, "Makefile-hls");
    }
}
