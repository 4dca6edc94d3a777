/* output.h: the examples' last step, standard output flushed and checked:
   output lost to a full disk or a closed pipe is a failure (exit status
   1), not a success. Example code: include it in one file. */
#ifndef EXAMPLES_OUTPUT_H
#define EXAMPLES_OUTPUT_H

#include <stdio.h>

/* status, or 1 (with a message naming the tool) when the output was not all written */
static int output_close(const char *tool, int status)
{
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "%s: the output cannot be written\n", tool);
        return 1;
    }
    return status;
}

#endif
