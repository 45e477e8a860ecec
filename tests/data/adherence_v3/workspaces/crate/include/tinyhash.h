#include <stddef.h>
#include <stdint.h>
uint64_t th_hash(const uint8_t *data, size_t len, uint64_t seed);
