# Vitis HLS project for seedc's predictor: vitis_hls -f hls.tcl
# (seedc checks this C with gcc; Vitis HLS was not run on it.)
open_project -reset seedc_hls
set_top seedc_predict
add_files predict.c
add_files -tb main.c
open_solution -reset solution1 -flow_target vivado
set_part {@PART@}
create_clock -period 10 -name default
csynth_design
exit
