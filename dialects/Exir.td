//===- Exir.td - the exir dialect: every op --------------------------------===//
//
// The file tools/gen_dialects.py runs llvm-tblgen/mlir-tblgen on for the exir dialect.
//
//===----------------------------------------------------------------------===//

include "ExirOps.td"
include "generated/ExirAtenOps.td"
