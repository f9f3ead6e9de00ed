/* Runs a native library made by `exir-mlir compile model.pt2 -o model.so` on inputs read from a
 * text file, and prints its outputs. Only the library's C ABI (model.h) is used.
 *
 * Build and run (see examples/README.md):
 *   cc -O2 -I. examples/run_model.c model.so -Wl,-rpath,'$ORIGIN' -o run_model
 *   ./run_model inputs.txt
 *
 * The input file holds, for each input of the model in order: its rank, its sizes, then its
 * values (row-major), all separated by white space. Floating values are read as doubles,
 * integers and bools (0/1) as integers. Outputs are printed as
 *   output <index> <name> shape <s0> <s1> ...
 * followed by one line of values (%.9g).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "model.h"

#define CHECK(call)                                                                                \
  do {                                                                                             \
    exir_status status_ = (call);                                                                  \
    if (status_ != EXIR_OK) {                                                                      \
      fprintf(stderr, "error %d: %s\n", (int)status_, exir_last_error(instance));                  \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

static int read_value(FILE *f, int dtype, void *slot) {
  double real;
  long long integer;
  unsigned long long unsigned_integer;
  switch (dtype) {
  case EXIR_F32: if (fscanf(f, "%lf", &real) != 1) return 0; *(float *)slot = (float)real; return 1;
  case EXIR_F64: if (fscanf(f, "%lf", &real) != 1) return 0; *(double *)slot = real; return 1;
  case EXIR_I64: if (fscanf(f, "%lld", &integer) != 1) return 0; *(int64_t *)slot = integer; return 1;
  case EXIR_I32: if (fscanf(f, "%lld", &integer) != 1) return 0; *(int32_t *)slot = (int32_t)integer; return 1;
  case EXIR_I16: if (fscanf(f, "%lld", &integer) != 1) return 0; *(int16_t *)slot = (int16_t)integer; return 1;
  case EXIR_I8: if (fscanf(f, "%lld", &integer) != 1) return 0; *(int8_t *)slot = (int8_t)integer; return 1;
  case EXIR_BOOL:
  case EXIR_U8: if (fscanf(f, "%lld", &integer) != 1) return 0; *(uint8_t *)slot = (uint8_t)integer; return 1;
  case EXIR_U16: if (fscanf(f, "%llu", &unsigned_integer) != 1) return 0; *(uint16_t *)slot = (uint16_t)unsigned_integer; return 1;
  case EXIR_U32: if (fscanf(f, "%llu", &unsigned_integer) != 1) return 0; *(uint32_t *)slot = (uint32_t)unsigned_integer; return 1;
  case EXIR_U64: if (fscanf(f, "%llu", &unsigned_integer) != 1) return 0; *(uint64_t *)slot = unsigned_integer; return 1;
  default: return 0;
  }
}

static void print_value(int dtype, const void *data, int64_t k) {
  switch (dtype) {
  case EXIR_F32: printf("%.9g", ((const float *)data)[k]); break;
  case EXIR_F64: printf("%.17g", ((const double *)data)[k]); break;
  case EXIR_I64: printf("%lld", (long long)((const int64_t *)data)[k]); break;
  case EXIR_I32: printf("%d", ((const int32_t *)data)[k]); break;
  case EXIR_I16: printf("%d", ((const int16_t *)data)[k]); break;
  case EXIR_I8: printf("%d", ((const int8_t *)data)[k]); break;
  case EXIR_BOOL:
  case EXIR_U8: printf("%d", ((const uint8_t *)data)[k]); break;
  case EXIR_U16: printf("%u", ((const uint16_t *)data)[k]); break;
  case EXIR_U32: printf("%u", ((const uint32_t *)data)[k]); break;
  case EXIR_U64: printf("%llu", (unsigned long long)((const uint64_t *)data)[k]); break;
  default: printf("?");
  }
}

int main(int argc, char **argv) {
  exir_instance *instance = NULL;
  if (argc != 2) {
    fprintf(stderr, "usage: %s INPUTS.txt\n", argv[0]);
    return 2;
  }
  if (exir_abi_version() != EXIR_ABI_VERSION) {
    fprintf(stderr, "the library has ABI version %u, this program was built for %d\n", exir_abi_version(),
            EXIR_ABI_VERSION);
    return 1;
  }
  printf("model %s: %d inputs, %d outputs\n", exir_model_name(), exir_num_inputs(), exir_num_outputs());
  for (int k = 0; k < exir_num_symbols(); ++k) {
    printf("symbol %s in [%lld, %lld]\n", exir_symbol_name(k), (long long)exir_symbol_min(k),
           (long long)exir_symbol_max(k));
  }
  CHECK(exir_create(NULL, &instance));
  FILE *f = fopen(argv[1], "r");
  if (!f) {
    perror(argv[1]);
    return 1;
  }
  int n = exir_num_inputs();
  void **buffers = calloc((size_t)n + 1, sizeof(void *));
  for (int i = 0; i < n; ++i) {
    int rank, dtype = exir_input_dtype(i);
    if (fscanf(f, "%d", &rank) != 1 || rank < 0 || rank > 16) {
      fprintf(stderr, "input %d (%s): bad rank in %s\n", i, exir_input_name(i), argv[1]);
      return 1;
    }
    int64_t shape[16], numel = 1;
    for (int d = 0; d < rank; ++d) {
      long long size;
      if (fscanf(f, "%lld", &size) != 1) return 1;
      shape[d] = size;
      numel *= size;
    }
    buffers[i] = malloc((size_t)(numel ? numel : 1) * exir_dtype_size(dtype));
    for (int64_t k = 0; k < numel; ++k) {
      if (!read_value(f, dtype, (char *)buffers[i] + k * exir_dtype_size(dtype))) {
        fprintf(stderr, "input %d (%s): cannot read value %lld (dtype %d)\n", i, exir_input_name(i), (long long)k,
                dtype);
        return 1;
      }
    }
    CHECK(exir_set_input(instance, i, buffers[i], dtype, rank, shape, NULL));
  }
  fclose(f);
  CHECK(exir_run(instance));
  for (int i = 0; i < exir_num_outputs(); ++i) {
    int rank = exir_output_rank(i), dtype = exir_output_dtype(i);
    int64_t shape[16], strides[16], numel = 1;
    const void *data;
    CHECK(exir_get_output(instance, i, &data, shape, strides));
    printf("output %d %s shape", i, exir_output_name(i));
    for (int d = 0; d < rank; ++d) {
      printf(" %lld", (long long)shape[d]);
      numel *= shape[d];
    }
    printf("\n");
    /* Outputs may be strided: walk them in row-major order. */
    for (int64_t k = 0; k < numel; ++k) {
      int64_t rest = k, offset = 0;
      for (int d = rank - 1; d >= 0; --d) {
        offset += (rest % shape[d]) * strides[d];
        rest /= shape[d];
      }
      if (k) printf(" ");
      print_value(dtype, data, offset);
    }
    printf("\n");
  }
  exir_destroy(instance);
  for (int i = 0; i < n; ++i) free(buffers[i]);
  free(buffers);
  return 0;
}
