#include <avr/pgmspace.h>
#define SEEDC_PARAM_READ
#define SD_R8(a, i) ((int8_t)pgm_read_byte(&(a)[i]))
#define SD_R16(a, i) ((int16_t)pgm_read_word(&(a)[i]))
#define SD_R32(a, i) ((int32_t)pgm_read_dword(&(a)[i]))
#define SD_RU8(a, i) ((uint8_t)pgm_read_byte(&(a)[i]))
/* Sequential flash reads: lpm with post-increment of Z. */
#define SD_NEXT8(p) (__extension__({ uint8_t sd_v_; __asm__("lpm %0, Z+" : "=r"(sd_v_), "+z"(p)); (int8_t)sd_v_; }))
#define SD_NEXT16(p) (__extension__({ uint16_t sd_v_; __asm__("lpm %A0, Z+\n\tlpm %B0, Z+" : "=r"(sd_v_), "+z"(p)); (int16_t)sd_v_; }))
#define SD_NEXT32(p) (__extension__({ uint32_t sd_v_; __asm__("lpm %A0, Z+\n\tlpm %B0, Z+\n\tlpm %C0, Z+\n\tlpm %D0, Z+" : "=r"(sd_v_), "+z"(p)); (int32_t)sd_v_; }))
