/* filled by NcursesBackend work */
#define _XOPEN_SOURCE_EXTENDED 1
#include <ncursesw/curses.h>
