/**
 * Device measurements: the Arduino backend's output built with avr-gcc and run under simavr. Takes a
 * fixed program (and the float program) with a data set; gives cycles, ELF sizes, peak stack, MACs and
 * whether the device predicted what the fixed-point interpreter predicts.
 */
package seedc.bench;
