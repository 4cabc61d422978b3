package io.streamscope.doctor;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The versions one state store partition's folder can rebuild, by its file names only (never their contents): HDFS
 * {@code N.delta}/{@code N.snapshot}, RocksDB {@code N[_id].zip}/{@code N[_id].changelog}, and the temp files a
 * crash leaves ({@code .N.delta.<uuid>.tmp}). Symbolic links are not followed.
 */
final class StateFolder {

    private static final Pattern FILE = Pattern.compile("(\\d{1,18})(?:_[0-9A-Za-z-]+)?\\.(delta|snapshot|zip|changelog)");

    final Path folder;
    final TreeSet<Long> deltas = new TreeSet<>();
    final TreeSet<Long> snapshots = new TreeSet<>();
    /** Temp files, 0-byte files and other leftovers of a crash, relative names. */
    final List<String> stray = new ArrayList<>();

    private StateFolder(Path folder) {
        this.folder = folder;
    }

    static StateFolder of(Path folder) {
        StateFolder state = new StateFolder(folder);
        if (!Files.isDirectory(folder, LinkOption.NOFOLLOW_LINKS)) {
            return state;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(folder)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                if (!Files.isRegularFile(file, LinkOption.NOFOLLOW_LINKS)) {
                    continue;
                }
                if (name.endsWith(".tmp")) {
                    state.stray.add(name);
                    continue;
                }
                Matcher m = FILE.matcher(name);
                if (m.matches()) {
                    long version = Long.parseLong(m.group(1));
                    boolean snapshot = m.group(2).equals("snapshot") || m.group(2).equals("zip");
                    (snapshot ? state.snapshots : state.deltas).add(version);
                }
            }
        } catch (IOException e) {
            // an unreadable folder rebuilds nothing: the caller says so
        }
        return state;
    }

    /** Every version a file of this partition names. */
    TreeSet<Long> versions() {
        TreeSet<Long> all = new TreeSet<>(deltas);
        all.addAll(snapshots);
        return all;
    }

    /**
     * Whether version {@code v} can be rebuilt: a snapshot at or below it (or the empty version 0) with every delta or
     * changelog after it up to {@code v}, as HDFSBackedStateStoreProvider's and RocksDB's loads need.
     */
    boolean canRebuild(long v) {
        if (v == 0 || snapshots.contains(v)) {
            return true;
        }
        Long base = snapshots.floor(v);
        long from = base == null ? 0 : base;
        for (long version = from + 1; version <= v; version++) {
            if (!deltas.contains(version)) {
                return false;
            }
        }
        return true;
    }

    /** The first version at or below {@code v} whose file the rebuild of {@code v} lacks, for the message. */
    long firstMissing(long v) {
        Long base = snapshots.floor(v);
        long from = base == null ? 0 : base;
        for (long version = from + 1; version <= v; version++) {
            if (!deltas.contains(version)) {
                return version;
            }
        }
        return -1;
    }
}
