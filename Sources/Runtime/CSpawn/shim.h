// glibc's posix_spawn extensions (2.29 and 2.34) and pipe2, which Swift's Glibc module leaves out: the declarations only,
// as <spawn.h> shows them with _GNU_SOURCE.
#include <spawn.h>

int posix_spawn_file_actions_addclosefrom_np(posix_spawn_file_actions_t *actions, int from);
int posix_spawn_file_actions_addchdir_np(posix_spawn_file_actions_t *actions, const char *path);
int pipe2(int descriptors[2], int flags);
