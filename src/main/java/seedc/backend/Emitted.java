package seedc.backend;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What a backend wrote, for the report and the benchmark: the bytes of flash (constants) and of
 * planned RAM, the device they were checked against (null: none), and the memory plan as the
 * report shows it.
 */
public record Emitted(int flashBytes, int ramBytes, Device device,
                      Map<String, Object> memoryPlan) {

    /** The top-level report.json entries of a device build: ramBytes, flashBytes, device, memoryPlan. */
    public Map<String, Object> reportEntries() {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("ramBytes", ramBytes);
        m.put("flashBytes", flashBytes);
        if (device != null) {
            Map<String, Object> d = new LinkedHashMap<>(); // a fixed key order: report.json is diffed
            d.put("name", device.name());
            d.put("ramBytes", device.ramBytes());
            d.put("flashBytes", device.flashBytes());
            m.put("device", d);
        }
        m.put("memoryPlan", memoryPlan);
        return m;
    }
}
