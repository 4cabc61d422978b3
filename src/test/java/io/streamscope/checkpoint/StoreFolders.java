package io.streamscope.checkpoint;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/** Finding a store's files in a partition folder, for tests that damage or remove them. */
public final class StoreFolders {

    private StoreFolders() {
    }

    /** The partition's default store folder, or its first named store (a join's). */
    public static Path storeFolder(Path partition) throws IOException {
        try (Stream<Path> entries = Files.list(partition)) {
            return entries.filter(Files::isDirectory).filter(p -> !p.getFileName().toString().startsWith("_")).sorted()
                    .findFirst().orElse(partition);
        }
    }

    /** The store folder's newest version file: its delta, changelog or zip. */
    public static Path newestVersionFile(Path storeFolder) throws IOException {
        try (Stream<Path> files = Files.list(storeFolder)) {
            return files.filter(p -> p.getFileName().toString().matches("\\d+\\.(delta|changelog|zip)"))
                    .max(Comparator.comparingLong(StoreFolders::version)).orElseThrow();
        }
    }

    private static long version(Path file) {
        String name = file.getFileName().toString();
        return Long.parseLong(name.substring(0, name.indexOf('.')));
    }
}
