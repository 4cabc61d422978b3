package io.streamscope.fuzz;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.FileVisitResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.SimpleFileVisitor;
import java.nio.file.attribute.BasicFileAttributes;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/**
 * Test helper: every entry under a folder with what it is — a folder, the SHA-256 of a file's bytes, or a symbolic
 * link's target text (links are never followed, so loops and dangling links hash too) — to prove a run wrote nothing.
 */
public final class TreeHash {

    private TreeHash() {
    }

    public static Map<String, String> of(Path root) {
        Map<String, String> entries = new TreeMap<>();
        try {
            Files.walkFileTree(root, new SimpleFileVisitor<>() {
                @Override
                public FileVisitResult preVisitDirectory(Path dir, BasicFileAttributes attrs) {
                    entries.put(root.relativize(dir).toString(), "dir");
                    return FileVisitResult.CONTINUE;
                }

                @Override
                public FileVisitResult visitFile(Path file, BasicFileAttributes attrs) throws IOException {
                    String key = root.relativize(file).toString();
                    if (attrs.isSymbolicLink()) {
                        entries.put(key, "link:" + Files.readSymbolicLink(file));
                    } else if (attrs.isRegularFile()) {
                        entries.put(key, attrs.size() + ":" + sha256(file));
                    } else {
                        entries.put(key, "other");
                    }
                    return FileVisitResult.CONTINUE;
                }
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return entries;
    }

    private static String sha256(Path file) throws IOException {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            try (var in = Files.newInputStream(file)) {
                byte[] buffer = new byte[64 * 1024];
                for (int n; (n = in.read(buffer)) > 0; ) {
                    digest.update(buffer, 0, n);
                }
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
