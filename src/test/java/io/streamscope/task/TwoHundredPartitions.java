package io.streamscope.task;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * A real sample laid out as if it ran with 200 shuffle partitions: partition p holds the files of the sample's
 * partition p % 2 (the layout's shape, not its content, is what the counting tests need).
 */
final class TwoHundredPartitions {

    static final int PARTITIONS = 200;

    private TwoHundredPartitions() {
    }

    static Path lay(Path sample, Path dir) throws IOException {
        Path wide = dir.resolve(sample.getFileName());
        io.streamscope.TempTree.copy(sample, wide);
        for (int partition = 2; partition < PARTITIONS; partition++) {
            Path from = sample.resolve("state/0/" + (partition % 2));
            Path to = Files.createDirectories(wide.resolve("state/0/" + partition));
            try (Stream<Path> files = Files.list(from)) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    Files.copy(file, to.resolve(file.getFileName()));
                }
            }
        }
        return wide;
    }
}
