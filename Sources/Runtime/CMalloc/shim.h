// glibc's allocator controls (mallopt, malloc_trim, mallinfo2), which Swift's Glibc module leaves out.
#include <malloc.h>
