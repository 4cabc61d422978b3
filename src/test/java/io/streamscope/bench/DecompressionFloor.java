package io.streamscope.bench;

import com.github.luben.zstd.ZstdInputStreamNoFinalizer;
import io.streamscope.checkpoint.state.StateCodec;
import net.jpountz.lz4.LZ4BlockInputStream;
import net.jpountz.lz4.LZ4Factory;
import net.jpountz.xxhash.XXHashFactory;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The decompression floor of a state read, as a process of its own: decompress every state file of a store (what any
 * reader of the state must at least do), or those whose names match {@code NAMES} (a store with a history: the files
 * the read takes), on one thread, and discard the bytes, with the codec the first file's first bytes name (a store's
 * files share one): LZ4 (Spark's default, lz4-java's fastest decompressor) or zstd (zstd-jni). Prints the files, the
 * bytes in and out, and the seconds inside the process.
 * Run: {@code java -cp target/test-classes:target/streamscope.jar io.streamscope.bench.DecompressionFloor CHECKPOINT [NAMES]}
 */
public final class DecompressionFloor {

    private DecompressionFloor() {
    }

    public static void main(String[] args) throws IOException {
        long start = System.nanoTime();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(Path.of(args[0], "state"))) {
            String names = args.length > 1 ? args[1] : "\\d+\\.(delta|snapshot|changelog)";
            files = walk.filter(f -> f.getFileName().toString().matches(names)).sorted().toList();
        }
        boolean zstd = !files.isEmpty() && isZstd(files.get(0));
        long in = 0;
        long out = 0;
        byte[] buffer = new byte[64 * 1024];
        for (Path file : files) {
            in += Files.size(file);
            try (InputStream stream = decompressed(file, zstd)) {
                for (int n; (n = stream.read(buffer)) > 0; ) {
                    out += n;
                }
            }
        }
        System.out.printf("%d files, %.1f MB → %.1f MB in %.3f s%n", files.size(), in / 1e6, out / 1e6, (System.nanoTime() - start) / 1e9);
    }

    private static boolean isZstd(Path file) throws IOException {
        try (InputStream raw = Files.newInputStream(file)) {
            return StateCodec.sniff(raw.readNBytes(8)) == StateCodec.ZSTD;
        }
    }

    private static InputStream decompressed(Path file, boolean zstd) throws IOException {
        InputStream raw = Files.newInputStream(file);
        return zstd ? new ZstdInputStreamNoFinalizer(raw)
                : new LZ4BlockInputStream(raw, LZ4Factory.fastestInstance().fastDecompressor(),
                        XXHashFactory.fastestInstance().newStreamingHash32(0x9747b28c).asChecksum(), false);
    }
}
