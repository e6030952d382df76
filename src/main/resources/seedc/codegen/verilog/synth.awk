# synth.json from yosys's stat (and nextpnr's log on the iCE40): LUTs, flip-flops, DSP blocks, block RAMs and,
# after place and route, the maximum clock frequency.
/^ +SB_LUT4 +[0-9]+$/ || /^ +LUT[1-6] +[0-9]+$/ { lut += $2 }
/^ +SB_DFF[A-Z]* +[0-9]+$/ || /^ +FD[RSCP]E +[0-9]+$/ { ff += $2 }
/^ +SB_MAC16 +[0-9]+$/ || /^ +DSP48E1 +[0-9]+$/ { dsp += $2 }
/^ +SB_RAM40_4K +[0-9]+$/ || /^ +SB_SPRAM256KA +[0-9]+$/ || /^ +RAMB18E1 +[0-9]+$/ { bram += $2 }
/^ +RAMB36E1 +[0-9]+$/ { bram += 2 * $2 }
/^ +RAM(32|64|128|256)[XM0-9SD]* +[0-9]+$/ { lutram += $2 }
/Max frequency for clock/ { for (i = 1; i <= NF; i++) if ($(i + 1) == "MHz") { fmax = $i; break } }
END {
    printf "{\"lut\": %d, \"ff\": %d, \"dsp\": %d, \"bram\": %d, \"lutram\": %d", lut, ff, dsp, bram, lutram
    if (fmax != "") printf ", \"fmax_mhz\": %s", fmax
    printf "}\n"
}
