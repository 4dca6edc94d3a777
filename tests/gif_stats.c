/* gif_stats: what a GIF holds, read back by giflib's decoder (DGifSlurp),
   for make test's checks of the examples' animations: usage gif_stats
   FILE.gif [LABEL_ROWS]. Prints "WIDTH HEIGHT FRAMES DELAY LOOPS MOVING":
   the screen size, the frame count, the first frame's delay (hundredths of
   a second), 1 when the NETSCAPE2.0 loop extension is there, and how many
   frames differ from the one before above their bottom LABEL_ROWS rows
   (where a caption changes every frame). */
#include <gif_lib.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    GifFileType *gif;
    GraphicsControlBlock control;
    int code = 0, i, k, loops = 0, moving = 0, delay = -1;
    const long label_rows = argc > 2 ? strtol(argv[2], NULL, 10) : 0;
    if (argc != 2 && argc != 3) {
        fprintf(stderr, "usage: gif_stats FILE.gif [LABEL_ROWS]\n");
        return 2;
    }
    if (!(gif = DGifOpenFileName(argv[1], &code)) || DGifSlurp(gif) == GIF_ERROR) {
        fprintf(stderr, "gif_stats: %s: %s\n", argv[1], GifErrorString(gif ? gif->Error : code));
        return 1;
    }
    if (gif->ImageCount > 0 && DGifSavedExtensionToGCB(gif, 0, &control) == GIF_OK) delay = control.DelayTime;
    for (i = 0; i < gif->ImageCount; ++i) {
        const SavedImage *image = &gif->SavedImages[i];
        for (k = 0; k < image->ExtensionBlockCount; ++k)
            if (image->ExtensionBlocks[k].Function == APPLICATION_EXT_FUNC_CODE &&
                image->ExtensionBlocks[k].ByteCount == 11 && memcmp(image->ExtensionBlocks[k].Bytes, "NETSCAPE2.0", 11) == 0)
                loops = 1;
        if (i > 0) {
            const SavedImage *before = &gif->SavedImages[i - 1];
            const ColorMapObject *a = image->ImageDesc.ColorMap ? image->ImageDesc.ColorMap : gif->SColorMap;
            const ColorMapObject *b = before->ImageDesc.ColorMap ? before->ImageDesc.ColorMap : gif->SColorMap;
            const long rows = image->ImageDesc.Height - label_rows;
            const long pixels = (long)image->ImageDesc.Width * (rows > 0 ? rows : 0);
            long p;
            for (p = 0; p < pixels && a && b; ++p) { /* the same picture in other palettes is no motion */
                const GifColorType x = a->Colors[image->RasterBits[p]], y = b->Colors[before->RasterBits[p]];
                if (x.Red != y.Red || x.Green != y.Green || x.Blue != y.Blue) break;
            }
            moving += p < pixels;
        }
    }
    printf("%d %d %d %d %d %d\n", gif->SWidth, gif->SHeight, gif->ImageCount, delay, loops, moving);
    DGifCloseFile(gif, &code);
    return 0;
}
