#ifndef RECKON_CZEROMQ_SHIM_H
#define RECKON_CZEROMQ_SHIM_H

#include <zmq.h>

#endif
