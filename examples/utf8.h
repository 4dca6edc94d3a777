/* utf8.h: one Unicode code point as UTF-8, for the examples' text readers
   (PMX's UTF-16 names, VMD's Shift_JIS ones). Example code: include it in
   one file. */
#ifndef EXAMPLES_UTF8_H
#define EXAMPLES_UTF8_H

#include <stddef.h>

/* code (below 0x110000) into bytes; returns how many (1 to 4). */
static size_t utf8_encode(unsigned code, unsigned char bytes[4])
{
    if (code < 0x80) {
        bytes[0] = (unsigned char)code;
        return 1;
    }
    if (code < 0x800) {
        bytes[0] = (unsigned char)(0xC0 | code >> 6);
        bytes[1] = (unsigned char)(0x80 | (code & 0x3F));
        return 2;
    }
    if (code < 0x10000) {
        bytes[0] = (unsigned char)(0xE0 | code >> 12);
        bytes[1] = (unsigned char)(0x80 | (code >> 6 & 0x3F));
        bytes[2] = (unsigned char)(0x80 | (code & 0x3F));
        return 3;
    }
    bytes[0] = (unsigned char)(0xF0 | code >> 18);
    bytes[1] = (unsigned char)(0x80 | (code >> 12 & 0x3F));
    bytes[2] = (unsigned char)(0x80 | (code >> 6 & 0x3F));
    bytes[3] = (unsigned char)(0x80 | (code & 0x3F));
    return 4;
}

#endif
