package io.streamscope.follow;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The state versions complete in every partition of each store under {@code state/}
 * ({@code <op>/<partition>/[<store>/]<version>.delta|snapshot|changelog|zip}), by listing folders only: one listing
 * per folder, no file read, no per-file status call. Temp and {@code .crc} files are not versions.
 */
final class StateVersions {

    /** The same names as the checkpoint reader's, {@code 4_<uuid>.zip} (checkpoint format v2) included. */
    private static final Pattern STATE_FILE =
            Pattern.compile("(\\d{1,18})(?:_[0-9A-Za-z-]+)?\\.(delta|snapshot|zip|changelog)");
    static final String DEFAULT_STORE = "default";

    record Store(int operatorId, String storeName) implements Comparable<Store> {
        @Override
        public int compareTo(Store other) {
            int byOperator = Integer.compare(operatorId, other.operatorId);
            return byOperator != 0 ? byOperator : storeName.compareTo(other.storeName);
        }
    }

    private StateVersions() {
    }

    /** Each store's versions present in all its partitions; a store whose folders cannot be listed is left out. */
    static Map<Store, TreeSet<Long>> complete(Path checkpoint) {
        Map<Store, TreeSet<Long>> complete = new TreeMap<>();
        for (Path operator : numbered(checkpoint.resolve("state"))) {
            int operatorId = Integer.parseInt(operator.getFileName().toString());
            Map<String, List<TreeSet<Long>>> byStore = new TreeMap<>();
            for (Path partition : numbered(operator)) {
                Map<String, TreeSet<Long>> found = versionsIn(partition);
                found.forEach((store, versions) -> byStore.computeIfAbsent(store, name -> new ArrayList<>()).add(versions));
            }
            byStore.forEach((store, partitions) -> {
                TreeSet<Long> everywhere = new TreeSet<>(partitions.get(0));
                partitions.forEach(everywhere::retainAll);
                complete.put(new Store(operatorId, store), everywhere);
            });
        }
        return complete;
    }

    /**
     * A partition folder: the default store's files, and a named store's in its own folder. Told apart by name, not
     * by a status call per entry (a remote store would pay one request per file).
     */
    private static Map<String, TreeSet<Long>> versionsIn(Path partition) {
        Map<String, TreeSet<Long>> stores = new TreeMap<>();
        for (Path entry : list(partition)) {
            String name = entry.getFileName().toString();
            java.util.Optional<Long> version = version(entry);
            if (version.isPresent()) {
                stores.computeIfAbsent(DEFAULT_STORE, store -> new TreeSet<>()).add(version.get());
            } else if (!name.startsWith(".") && !name.startsWith("_") && !name.equals("SSTs") && !name.contains(".")) {
                TreeSet<Long> versions = new TreeSet<>();
                for (Path file : list(entry)) {
                    version(file).ifPresent(versions::add);
                }
                if (!versions.isEmpty()) {
                    stores.put(name, versions);
                }
            }
        }
        return stores;
    }

    private static java.util.Optional<Long> version(Path file) {
        Matcher matcher = STATE_FILE.matcher(file.getFileName().toString());
        return matcher.matches() ? java.util.Optional.of(Long.parseLong(matcher.group(1))) : java.util.Optional.empty();
    }

    private static List<Path> numbered(Path folder) {
        List<Path> numbered = new ArrayList<>();
        for (Path entry : list(folder)) {
            String name = entry.getFileName().toString();
            if (!name.isEmpty() && name.length() <= 9 && name.chars().allMatch(Character::isDigit)) {
                numbered.add(entry);
            }
        }
        return numbered;
    }

    private static List<Path> list(Path folder) {
        List<Path> entries = new ArrayList<>();
        if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
            return entries;
        }
        try (DirectoryStream<Path> stream = Files.newDirectoryStream(folder)) {
            stream.forEach(entries::add);
        } catch (IOException | java.nio.file.DirectoryIteratorException e) {
            // a folder being created or removed by the running query: the next commit lists it again
        }
        return entries;
    }
}
