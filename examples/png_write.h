/* png_write.h: an RGB image as a PNG file through stb_image_write.h
   (Debian's libstb-dev), every write checked: stbi_write_png does not
   check its fwrite and fclose, so a file a full disk cut short would pass
   as written. Example code: include it in one file. */
#ifndef EXAMPLES_PNG_WRITE_H
#define EXAMPLES_PNG_WRITE_H

#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>

#include <stdio.h>

typedef struct png_file {
    FILE *file;
    int failed;
} png_file;

static void png_write_bytes(void *context, void *data, int size)
{
    png_file *png = (png_file *)context;
    if (!png->failed && fwrite(data, 1, (size_t)size, png->file) != (size_t)size) png->failed = 1;
}

/* width x height RGB pixels, rows top first: 1 when the whole file is written */
static int png_write(const char *path, int width, int height, const unsigned char *rgb)
{
    png_file png;
    png.file = fopen(path, "wb");
    png.failed = 0;
    if (!png.file) return 0;
    if (!stbi_write_png_to_func(png_write_bytes, &png, width, height, 3, rgb, width * 3)) png.failed = 1;
    return (fclose(png.file) == 0) & !png.failed;
}

#endif
