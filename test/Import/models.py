# RUN: %python %s | FileCheck %s
"""Whole-model imports of the shipped example models: as torch.export gives them and after
run_decompositions() (core ATen), both verified; the summary says what they became."""

from _importing import run_test

from exir_mlir.importer import import_program
from exir_mlir.importer.summary import summarize
from exir_mlir.models import MODELS, export_model


def import_both_ways(name):
    ep = export_model(name)
    import_program(ep)  # as exported (training IR, with non-core ops as fallback calls): verifies
    print(summarize(import_program(ep.run_decompositions())))


# CHECK-LABEL: TEST: cnn
# CHECK:   inputs:  6 buffer, 10 parameter, 1 user_input
# CHECK-DAG:  exir.convolution  2
# CHECK-DAG:  exir.priv_native_batch_norm_legit_no_training  2
# CHECK-DAG:  exir.max_pool2d_with_indices  2
# CHECK-DAG:  exir.addmm  1
# CHECK-NOT:  func.call
# CHECK: symbols: none
@run_test
def cnn():
    import_both_ways("cnn")


# CHECK-LABEL: TEST: residual_block
# CHECK-DAG:  exir.convolution  3
# CHECK-DAG:  exir.priv_native_batch_norm_legit_no_training  3
# CHECK-DAG:  exir.add_tensor  1
# CHECK-NOT:  func.call
@run_test
def residual_block():
    import_both_ways("residual_block")


# CHECK-LABEL: TEST: transformer_block
# CHECK-DAG:  exir.native_layer_norm  2
# CHECK-DAG:  exir.priv_softmax  1
# CHECK-DAG:  exir.gelu  1
# CHECK-DAG:  exir.bmm  3
# CHECK-NOT:  func.call
@run_test
def transformer_block():
    import_both_ways("transformer_block")


# CHECK-LABEL: TEST: dynamic_mlp
# CHECK-DAG:  exir.addmm  3
# CHECK-DAG:  exir.relu  2
# CHECK: symbols:
# CHECK-NEXT:  s0 in [1, 1024]
@run_test
def dynamic_mlp():
    import_both_ways("dynamic_mlp")


# CHECK-LABEL: TEST: embedding_mean
# CHECK-DAG:  exir.embedding  1
# CHECK-DAG:  exir.mean_dim  1
@run_test
def embedding_mean():
    import_both_ways("embedding_mean")


# CHECK-LABEL: TEST: cond
# CHECK-DAG:  scf.if  1
# CHECK-DAG:  exir.sin  1
@run_test
def cond():
    import_both_ways("cond")


# CHECK-LABEL: TEST: while_loop
# CHECK-DAG:  scf.while  1
# CHECK-DAG:  scf.condition  1
@run_test
def while_loop():
    import_both_ways("while_loop")


# CHECK-LABEL: TEST: buffer_mutation
# CHECK:  outputs: 2 buffer_mutation, 1 user_output
@run_test
def buffer_mutation():
    import_both_ways("buffer_mutation")


# Every other shipped model imports and verifies too.
# CHECK-LABEL: TEST: all_models
# CHECK-NEXT: attention: ok
# CHECK-NEXT: audio_cnn: ok
# CHECK-NEXT: conv3d_block: ok
# CHECK-NEXT: elementwise_chain: ok
# CHECK-NEXT: mlp: ok
# CHECK-NEXT: mobilenet_v2: ok
# CHECK-NEXT: unet: ok
@run_test
def all_models():
    covered = {"cnn", "residual_block", "transformer_block", "dynamic_mlp", "embedding_mean", "cond",
               "while_loop", "buffer_mutation",
               "mobilenet_v2_int8"}  # needs torchao: test/Compile/test_quantized.py
    for name in sorted(set(MODELS) - covered):
        ep = export_model(name)
        import_program(ep)
        import_program(ep.run_decompositions())
        print(f"{name}: ok")
