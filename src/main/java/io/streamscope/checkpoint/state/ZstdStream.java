package io.streamscope.checkpoint.state;

import com.github.luben.zstd.RecyclingBufferPool;
import com.github.luben.zstd.ZstdInputStreamNoFinalizer;

import java.io.IOException;
import java.io.InputStream;

/**
 * A zstd state file (Spark's {@code ZStdCompressionCodec}: zstd-jni's frames) decompressed 64 KB at a time into the
 * thread's block array, so that its records are read in place as LZ4's and Snappy's are. zstd-jni's stream without a
 * finalizer, its source buffer from zstd-jni's recycling pool: closed with the file, it frees its native context and
 * gives the buffer back. Its stream with a finalizer, left to the collector, had every one of a store's hundreds of
 * files outlive a collection (a 1M-key store: seven collections of 40–55 ms, the heap growing to 71 MB), and each file
 * its own buffers (133 MB made).
 */
final class ZstdStream extends BlockStream {

    private static final int BLOCK_BYTES = 64 * 1024;

    ZstdStream(InputStream in) throws IOException {
        super(new ZstdInputStreamNoFinalizer(in, RecyclingBufferPool.INSTANCE));
    }

    @Override
    protected void nextBlock() throws IOException {
        byte[] block = blockBuffer(BLOCK_BYTES);
        int n = in.readNBytes(block, 0, BLOCK_BYTES);
        if (n == 0) {
            finished();
        } else {
            decoded(n);
        }
    }
}
