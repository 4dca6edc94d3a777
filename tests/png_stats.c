/* png_stats PICTURE.png PANELS: the picture's size, then for each of PANELS
   equal-width vertical strips the number of pixels that differ from the
   top-left (background) pixel. Checks that an example's picture was drawn
   where it should be, independently of the example's own bookkeeping. */
#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    int width, height, channels, panels, x, y, p;
    unsigned char *image;
    if (argc != 3 || (panels = atoi(argv[2])) <= 0) {
        fprintf(stderr, "usage: png_stats PICTURE.png PANELS\n");
        return 2;
    }
    if (!(image = stbi_load(argv[1], &width, &height, &channels, 3))) {
        fprintf(stderr, "png_stats: cannot read %s\n", argv[1]);
        return 1;
    }
    printf("%d x %d", width, height);
    for (p = 0; p < panels; ++p) {
        long drawn = 0;
        for (y = 0; y < height; ++y)
            for (x = p * width / panels; x < (p + 1) * width / panels; ++x)
                drawn += memcmp(image + 3 * ((size_t)y * (size_t)width + (size_t)x), image, 3) != 0;
        printf(" %ld", drawn);
    }
    printf("\n");
    stbi_image_free(image);
    return 0;
}
