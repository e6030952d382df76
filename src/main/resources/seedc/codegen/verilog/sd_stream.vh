// The interface of seedc's streaming templates (linear-time nodes, MAFIA section IV-A): PF elements of operands
// a and b in a beat (in_valid), the PF results one cycle later (out_valid); widths WA, WB and WO.
`ifndef SD_STREAM_VH
`define SD_STREAM_VH

`define SD_STREAM_PORTS \
    input wire clk, \
    input wire in_valid, \
    input wire [PF*WA-1:0] a, \
    input wire [PF*WB-1:0] b, \
    output reg out_valid, \
    output reg [PF*WO-1:0] out

`endif
