package io.streamscope.bench;

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
 * The LZ4 floor of a state read, as a process of its own: LZ4-decompress every state file of a store (what any reader
 * of the state must at least do), or those whose names match {@code NAMES} (a store with a history: the files the read
 * takes), with lz4-java's fastest decompressor, on one thread, and discard the bytes. Prints the files, the bytes in and
 * out, and the seconds inside the process.
 * Run: {@code java -cp target/test-classes:target/streamscope.jar io.streamscope.bench.Lz4Floor CHECKPOINT [NAMES]}
 */
public final class Lz4Floor {

    private Lz4Floor() {
    }

    public static void main(String[] args) throws IOException {
        long start = System.nanoTime();
        List<Path> files;
        try (Stream<Path> walk = Files.walk(Path.of(args[0], "state"))) {
            String names = args.length > 1 ? args[1] : "\\d+\\.(delta|snapshot|changelog)";
            files = walk.filter(f -> f.getFileName().toString().matches(names)).sorted().toList();
        }
        long in = 0;
        long out = 0;
        byte[] buffer = new byte[64 * 1024];
        for (Path file : files) {
            in += Files.size(file);
            try (InputStream stream = new LZ4BlockInputStream(Files.newInputStream(file),
                    LZ4Factory.fastestInstance().fastDecompressor(),
                    XXHashFactory.fastestInstance().newStreamingHash32(0x9747b28c).asChecksum(), false)) {
                for (int n; (n = stream.read(buffer)) > 0; ) {
                    out += n;
                }
            }
        }
        System.out.printf("%d files, %.1f MB → %.1f MB in %.3f s%n", files.size(), in / 1e6, out / 1e6, (System.nanoTime() - start) / 1e9);
    }
}
