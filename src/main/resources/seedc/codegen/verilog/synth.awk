# synth.json from yosys's stat of the design (build/stat.txt), of each node's cone (build/nodes.txt, NodeCones)
# and, on the iCE40, nextpnr's log: LUTs, flip-flops, DSP blocks, block RAMs and, from nextpnr, the logic cells it
# packed them into and, after place and route, the maximum clock frequency.
FILENAME ~ /nodes\.txt$/ && $1 == "node" { node = $2; order[++nodes] = node; next }
FILENAME ~ /nodes\.txt$/ { k = node SUBSEP }
FILENAME !~ /nodes\.txt$/ { k = "" }
/^ +SB_LUT4 +[0-9]+$/ || /^ +LUT[1-6] +[0-9]+$/ { n[k "lut"] += $2 }
/^ +SB_DFF[A-Z]* +[0-9]+$/ || /^ +FD[RSCP]E +[0-9]+$/ { n[k "ff"] += $2 }
/^ +SB_MAC16 +[0-9]+$/ || /^ +DSP48E1 +[0-9]+$/ { n[k "dsp"] += $2 }
/^ +SB_RAM40_4K +[0-9]+$/ || /^ +SB_SPRAM256KA +[0-9]+$/ || /^ +RAMB18E1 +[0-9]+$/ { n[k "bram"] += $2 }
/^ +RAMB36E1 +[0-9]+$/ { n[k "bram"] += 2 * $2 }
/^ +RAM(32|64|128|256)[XM0-9SD]* +[0-9]+$/ { n[k "lutram"] += $2 }
$2 == "ICESTORM_LC:" && $3 ~ /^[0-9]+\/$/ && cells == "" { cells = $3 + 0 }
/Max frequency for clock/ { for (i = 1; i <= NF; i++) if ($(i + 1) == "MHz") { fmax = $i; break } }
function counts(k) {
    return sprintf("\"lut\": %d, \"ff\": %d, \"dsp\": %d, \"bram\": %d, \"lutram\": %d", n[k "lut"], n[k "ff"],
                   n[k "dsp"], n[k "bram"], n[k "lutram"])
}
END {
    printf "{%s", counts("")
    if (cells != "") printf ", \"cells\": %d", cells
    if (fmax != "") printf ", \"fmax_mhz\": %s", fmax
    printf ", \"nodes\": {"
    for (i = 1; i <= nodes; i++) printf "%s\"%s\": {%s}", (i > 1 ? ", " : ""), order[i], counts(order[i] SUBSEP)
    printf "}}\n"
}
