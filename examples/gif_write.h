/* gif_write.h: an animated GIF of RGB frames through Debian's giflib
   (libgif-dev, -lgif), for the examples' moving pictures. Each frame gets
   its own 256-color map (giflib's median-cut GifQuantizeBuffer) and a delay;
   the animation loops (the NETSCAPE2.0 application extension browsers
   read).

     gif_writer gif;
     if (gif_open(&gif, "out.gif", width, height) != 0) ...;   // gif.error says why
     gif_add(&gif, rgb, 4);        // width * height * 3 bytes; 4/100 s on screen
     if (gif_close(&gif) != 0) ...;

   Example code: it allocates (gif_close releases everything, also after an
   error); include it in one file. */
#ifndef EXAMPLES_GIF_WRITE_H
#define EXAMPLES_GIF_WRITE_H

#include <gif_lib.h>

#include <fcntl.h> /* POSIX open: giflib's EGifOpenFileName would create the file readable by its owner alone */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct gif_writer {
    GifFileType *file;
    int width, height;
    GifByteType *planes;  /* red, green, blue planes of one frame: what the quantizer reads */
    GifByteType *indexed; /* the frame in its color map's indices */
    const char *error;    /* giflib's message after a failure */
} gif_writer;

static int gif_fail(gif_writer *w, int code)
{
    w->error = GifErrorString(code);
    if (!w->error) w->error = "giflib failed";
    return -1;
}

/* width and height: 1 to 65535 (a GIF's 16-bit sizes) */
static int gif_open(gif_writer *w, const char *path, int width, int height)
{
    static const GifByteType loop_forever[3] = {1, 0, 0}; /* sub-block 1: loop count 0 */
    int code = 0, handle;
    memset(w, 0, sizeof *w);
    if (width < 1 || height < 1 || width > 65535 || height > 65535) {
        w->error = "a GIF is 1 to 65535 pixels wide and high";
        return -1;
    }
    w->width = width, w->height = height;
    w->planes = (GifByteType *)malloc((size_t)width * (size_t)height * 3);
    w->indexed = (GifByteType *)malloc((size_t)width * (size_t)height);
    if (!w->planes || !w->indexed) {
        w->error = "out of memory";
        return -1;
    }
    if ((handle = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0666)) < 0) {
        w->error = "cannot create the file";
        return -1;
    }
    if (!(w->file = EGifOpenFileHandle(handle, &code))) {
        close(handle);
        return gif_fail(w, code);
    }
    EGifSetGifVersion(w->file, true); /* GIF89a: delays and the loop */
    if (EGifPutScreenDesc(w->file, width, height, 8, 0, NULL) == GIF_ERROR ||
        EGifPutExtensionLeader(w->file, APPLICATION_EXT_FUNC_CODE) == GIF_ERROR ||
        EGifPutExtensionBlock(w->file, 11, "NETSCAPE2.0") == GIF_ERROR ||
        EGifPutExtensionBlock(w->file, 3, loop_forever) == GIF_ERROR || EGifPutExtensionTrailer(w->file) == GIF_ERROR)
        return gif_fail(w, w->file->Error);
    return 0;
}

/* One frame: rgb is width * height * 3 bytes, rows top to bottom; shown for
   delay hundredths of a second. */
static int gif_add(gif_writer *w, const unsigned char *rgb, int delay)
{
    const size_t pixels = (size_t)w->width * (size_t)w->height;
    GifColorType colors[256];
    GraphicsControlBlock control;
    GifByteType extension[4];
    ColorMapObject *map;
    int size = 256, y, failed;
    size_t i;
    if (!w->file) return -1;
    for (i = 0; i < pixels; ++i) {
        w->planes[i] = rgb[3 * i];
        w->planes[pixels + i] = rgb[3 * i + 1];
        w->planes[2 * pixels + i] = rgb[3 * i + 2];
    }
    if (GifQuantizeBuffer((unsigned)w->width, (unsigned)w->height, &size, w->planes, w->planes + pixels,
                          w->planes + 2 * pixels, w->indexed, colors) == GIF_ERROR) {
        w->error = "the frame could not be reduced to 256 colors";
        return -1;
    }
    if (!(map = GifMakeMapObject(256, colors))) {
        w->error = "out of memory";
        return -1;
    }
    control.DisposalMode = DISPOSE_DO_NOT;
    control.UserInputFlag = false;
    control.DelayTime = delay;
    control.TransparentColor = NO_TRANSPARENT_COLOR;
    EGifGCBToExtension(&control, extension);
    failed = EGifPutExtension(w->file, GRAPHICS_EXT_FUNC_CODE, 4, extension) == GIF_ERROR ||
             EGifPutImageDesc(w->file, 0, 0, w->width, w->height, false, map) == GIF_ERROR;
    for (y = 0; y < w->height && !failed; ++y)
        failed = EGifPutLine(w->file, w->indexed + (size_t)y * (size_t)w->width, w->width) == GIF_ERROR;
    GifFreeMapObject(map);
    return failed ? gif_fail(w, w->file->Error) : 0;
}

static int gif_close(gif_writer *w)
{
    int code = 0, status = 0;
    if (w->file && EGifCloseFile(w->file, &code) == GIF_ERROR) status = gif_fail(w, code);
    free(w->planes);
    free(w->indexed);
    w->file = NULL, w->planes = w->indexed = NULL;
    return w->error ? -1 : status;
}

#endif
