package io.streamscope.fuzz;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;

/**
 * One seeded damage to a copy of a checkpoint, of the kinds issue 13 lists: truncation, byte flips, length fields set
 * to 0x7fffffff / 0xffffffff, empty files, control bytes in text, garbled JSON, deleted files, symbolic links (loops,
 * dangling, out of the checkpoint) and stray folders. {@link #apply} says what it did and which file it damaged for
 * certain (so that the answer must name it), if any.
 */
enum Mutation {
    TRUNCATE, FLIP_BYTES, LENGTH_FIELD, EMPTY_FILE, CONTROL_BYTE, GARBLE_JSON, DELETE_FILE, SYMLINK, STRAY_FOLDER,
    /** A file copied to another batch id or version (gaps, duplicates, a version Spark never wrote). */
    COPY_FILE,
    /** A file replaced by a folder of the same name, or a folder by a file. */
    FILE_FOLDER_SWAP;

    private static final int[] HUGE = {0x7fffffff, 0xffffffff, 0x80000000, 0x40000000};

    /**
     * What a mutation did.
     *
     * @param description  for the failure message
     * @param certainFile  the file (relative, {@code /}-separated) the mutation certainly made unreadable, or null
     * @param stateFile    whether that file is a state file (named by {@code state}) rather than a log file (named by
     *                     {@code inspect})
     */
    record Applied(String description, String certainFile, boolean stateFile) {
    }

    /** The files a mutation may damage: what Spark writes, not the samples' sidecars. */
    static List<Path> targets(Path checkpoint) throws IOException {
        List<Path> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(checkpoint)) {
            walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).filter(p -> {
                String name = p.getFileName().toString();
                return !name.startsWith(".") && !name.equals("streamscope.json") && !name.equals("job.py")
                        && !name.endsWith(".jsonl") && !name.equals("spark-run.json") && !name.equals("state-ground-truth.json")
                        && !name.endsWith(".md");
            }).sorted().forEach(files::add);
        }
        return files;
    }

    static boolean isStateFile(String relative) {
        return relative.startsWith("state/") && relative.matches(".*/\\d+(_[0-9A-Za-z-]+)?\\.(delta|snapshot|changelog|zip)");
    }

    static boolean isLogFile(String relative) {
        return relative.equals("metadata") || relative.matches("(offsets|commits)/\\d+") || relative.matches("sources/\\d+/0");
    }

    Applied apply(Path checkpoint, Random random) throws IOException {
        List<Path> files = targets(checkpoint);
        if (files.isEmpty() && this != STRAY_FOLDER && this != SYMLINK) {
            return STRAY_FOLDER.apply(checkpoint, random);
        }
        Path file = files.isEmpty() ? null : pick(files, random);
        String relative = file == null ? null : checkpoint.relativize(file).toString().replace('\\', '/');
        byte[] bytes = file == null ? new byte[0] : Files.readAllBytes(file);
        switch (this) {
            case TRUNCATE -> {
                if (bytes.length == 0) {
                    return EMPTY_FILE.apply(checkpoint, random);
                }
                int length = random.nextInt(bytes.length);
                Files.write(file, java.util.Arrays.copyOf(bytes, length));
                return new Applied("truncated " + relative + " to " + length + " of " + bytes.length + " bytes",
                        isStateFile(relative) ? relative : null, true);
            }
            case FLIP_BYTES -> {
                if (bytes.length == 0) {
                    return EMPTY_FILE.apply(checkpoint, random);
                }
                int flips = 1 + random.nextInt(8);
                StringBuilder where = new StringBuilder();
                for (int i = 0; i < flips; i++) {
                    int at = random.nextInt(bytes.length);
                    bytes[at] ^= (byte) (1 + random.nextInt(255));
                    where.append(' ').append(at);
                }
                Files.write(file, bytes);
                return new Applied("flipped bytes" + where + " of " + relative, null, false);
            }
            case LENGTH_FIELD -> {
                Path binary = pickBinary(files, random, checkpoint);
                if (binary == null) {
                    return FLIP_BYTES.apply(checkpoint, random);
                }
                String name = checkpoint.relativize(binary).toString().replace('\\', '/');
                byte[] data = Files.readAllBytes(binary);
                if (data.length < 8) {
                    return TRUNCATE.apply(checkpoint, random);
                }
                int value = HUGE[random.nextInt(HUGE.length)];
                LengthField field = LengthField.pick(data, random);
                field.write(data, value);
                Files.write(binary, data);
                return new Applied("set the " + field.name + " at byte " + field.offset + " of " + name + " to 0x"
                        + Integer.toHexString(value), field.certain && isStateFile(name) ? name : null, true);
            }
            case EMPTY_FILE -> {
                Files.write(file, new byte[0]);
                boolean log = isLogFile(relative);
                return new Applied("emptied " + relative, isStateFile(relative) || log ? relative : null, !log);
            }
            case CONTROL_BYTE -> {
                int at = bytes.length == 0 ? 0 : random.nextInt(bytes.length + 1);
                byte[] changed = new byte[bytes.length + 1];
                System.arraycopy(bytes, 0, changed, 0, at);
                changed[at] = (byte) (random.nextBoolean() ? 0 : 1 + random.nextInt(8));
                System.arraycopy(bytes, at, changed, at + 1, bytes.length - at);
                Files.write(file, changed);
                boolean text = isLogFile(relative) && !relative.startsWith("sources/");
                return new Applied("inserted a control byte at " + at + " of " + relative, text ? relative : null, false);
            }
            case GARBLE_JSON -> {
                String text = new String(bytes, StandardCharsets.ISO_8859_1);
                if (text.isEmpty()) {
                    return EMPTY_FILE.apply(checkpoint, random);
                }
                String[] junk = {"{", "}", "[", "]", "\"", ":", ",", "x", "\n", "-", "9999999999999999999999", "null"};
                int at = random.nextInt(text.length());
                String garbled = text.substring(0, at) + junk[random.nextInt(junk.length)] + text.substring(Math.min(text.length(), at + 1));
                Files.write(file, garbled.getBytes(StandardCharsets.ISO_8859_1));
                return new Applied("garbled " + relative + " at " + at, null, false);
            }
            case DELETE_FILE -> {
                Files.delete(file);
                return new Applied("deleted " + relative, null, false);
            }
            case SYMLINK -> {
                return symlink(checkpoint, random);
            }
            case COPY_FILE -> {
                String name = file.getFileName().toString();
                java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d+)(.*)").matcher(name);
                if (!m.matches()) {
                    return FLIP_BYTES.apply(checkpoint, random);
                }
                long shifted = Math.max(0, Long.parseLong(m.group(1)) + (random.nextBoolean() ? 1 + random.nextInt(5) : -1 - random.nextInt(3)));
                Path target = file.resolveSibling(shifted + m.group(2));
                Files.copy(file, target, java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                return new Applied("copied " + relative + " to " + checkpoint.relativize(target).toString().replace('\\', '/'), null, false);
            }
            case FILE_FOLDER_SWAP -> {
                if (random.nextBoolean()) {
                    Files.delete(file);
                    Files.createDirectories(file);
                    if (random.nextBoolean()) {
                        Files.writeString(file.resolve("0"), "v1\n{}");
                    }
                    return new Applied("replaced " + relative + " by a folder", null, false);
                }
                List<Path> folders = new ArrayList<>();
                try (Stream<Path> walk = Files.walk(checkpoint)) {
                    walk.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS) && !p.equals(checkpoint)).sorted().forEach(folders::add);
                }
                if (folders.isEmpty()) {
                    return FLIP_BYTES.apply(checkpoint, random);
                }
                Path folder = folders.get(random.nextInt(folders.size()));
                CheckpointFuzzTest.deleteTree(folder);
                Files.write(folder, bytes);
                return new Applied("replaced the folder " + checkpoint.relativize(folder).toString().replace('\\', '/')
                        + " by a file", null, false);
            }
            case STRAY_FOLDER -> {
                return stray(checkpoint, random);
            }
        }
        throw new IllegalStateException(name());
    }

    private static Path pick(List<Path> files, Random random) {
        // State and log files first: they are what the readers decode.
        List<Path> preferred = files.stream().filter(p -> {
            String name = p.getFileName().toString();
            return name.matches("\\d+(_[0-9A-Za-z-]+)?\\.(delta|snapshot|changelog|zip)") || name.matches("\\d+")
                    || name.endsWith(".sst") || name.equals("metadata") || name.equals("schema");
        }).toList();
        List<Path> from = !preferred.isEmpty() && random.nextInt(4) != 0 ? preferred : files;
        return from.get(random.nextInt(from.size()));
    }

    private static Path pickBinary(List<Path> files, Random random, Path checkpoint) {
        List<Path> binary = files.stream().filter(p -> {
            String name = p.getFileName().toString();
            return name.matches(".*\\.(delta|snapshot|changelog|zip|sst)") || name.equals("schema")
                    || checkpoint.relativize(p).toString().replace('\\', '/').startsWith("state/") && name.matches("\\d+_.*");
        }).toList();
        return binary.isEmpty() ? null : binary.get(random.nextInt(binary.size()));
    }

    /** A length field of a state file's compression framing, or any aligned four bytes. */
    private record LengthField(String name, int offset, ByteOrder order, boolean certain, boolean varint) {

        static LengthField pick(byte[] data, Random random) {
            boolean lz4 = startsWith(data, "LZ4Block".getBytes(StandardCharsets.US_ASCII));
            boolean snappy = data.length > 20 && (data[0] & 0xFF) == 0x82 && data[1] == 'S';
            int choice = random.nextInt(3);
            if (lz4 && data.length >= 21 && choice < 2) {
                // the first block's compressed (9) or decompressed (13) length, int32 LE
                return choice == 0 ? new LengthField("LZ4 compressed length", 9, ByteOrder.LITTLE_ENDIAN, true, false)
                        : new LengthField("LZ4 decompressed length", 13, ByteOrder.LITTLE_ENDIAN, true, false);
            }
            if (snappy && choice < 2) {
                return choice == 0 ? new LengthField("Snappy chunk length", 16, ByteOrder.BIG_ENDIAN, true, false)
                        : new LengthField("Snappy uncompressed-length varint", 20, ByteOrder.LITTLE_ENDIAN, true, true);
            }
            int offset = (random.nextInt(Math.max(1, data.length - 4)) / 4) * 4;
            return new LengthField("four bytes", offset, random.nextBoolean() ? ByteOrder.BIG_ENDIAN : ByteOrder.LITTLE_ENDIAN,
                    false, false);
        }

        void write(byte[] data, int value) {
            if (varint) {
                // A five-byte varint32 of the value: 0x7fffffff → ff ff ff ff 07, 0xffffffff → ff ff ff ff 0f
                long v = value & 0xFFFFFFFFL;
                int at = offset;
                for (int i = 0; i < 5 && at < data.length; i++, at++) {
                    data[at] = (byte) (i == 4 ? (v >>> 28) & 0x0F : ((v >>> (7 * i)) & 0x7F) | 0x80);
                }
                return;
            }
            if (offset + 4 <= data.length) {
                ByteBuffer.wrap(data, offset, 4).order(order).putInt(value);
            }
        }

        private static boolean startsWith(byte[] data, byte[] prefix) {
            if (data.length < prefix.length) {
                return false;
            }
            for (int i = 0; i < prefix.length; i++) {
                if (data[i] != prefix[i]) {
                    return false;
                }
            }
            return true;
        }
    }

    /** A link where Spark writes files or folders: a loop, a dangling one, one out of the checkpoint, one inside it. */
    private static Applied symlink(Path checkpoint, Random random) throws IOException {
        List<Path> folders = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(checkpoint)) {
            walk.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)).sorted().forEach(folders::add);
        }
        List<Path> preferred = folders.stream().filter(p -> {
            String r = checkpoint.relativize(p).toString().replace('\\', '/');
            return r.startsWith("state") || r.equals("offsets") || r.equals("commits") || r.startsWith("sources");
        }).toList();
        Path folder = preferred.isEmpty() ? checkpoint : preferred.get(random.nextInt(preferred.size()));
        String[] names = {"7", "9.delta", "12.zip", "5.changelog", "3", "left-keyToNumValues", "SSTs", "99", "0"};
        String name = names[random.nextInt(names.length)];
        Path link = folder.resolve(name);
        if (Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
            link = folder.resolve(name + "1");
            if (Files.exists(link, LinkOption.NOFOLLOW_LINKS)) {
                return stray(checkpoint, random);
            }
        }
        String relative = checkpoint.relativize(link).toString().replace('\\', '/');
        int kind = random.nextInt(5);
        switch (kind) {
            case 0 -> {
                Path other = link.resolveSibling(link.getFileName() + "-loop");
                Files.createSymbolicLink(link, other.getFileName());
                Files.createSymbolicLink(other, link.getFileName());
                return new Applied("made a symbolic link loop " + relative + " ↔ " + other.getFileName(), null, false);
            }
            case 1 -> {
                Files.createSymbolicLink(link, Path.of("no-such-target-" + random.nextInt(1000)));
                return new Applied("made a dangling symbolic link " + relative, null, false);
            }
            case 2 -> {
                Path outside = checkpoint.getParent().resolve("outside-" + checkpoint.getFileName());
                if (!Files.exists(outside)) {
                    Files.writeString(outside, "v1\n{\"outside\":true}\n{\"secret\":{\"0\":1}}");
                }
                Files.createSymbolicLink(link, outside);
                return new Applied("made a symbolic link " + relative + " out of the checkpoint", null, false);
            }
            case 3 -> {
                Files.createSymbolicLink(link, Path.of("."));
                return new Applied("made a symbolic link " + relative + " to its own folder", null, false);
            }
            default -> {
                Files.createSymbolicLink(link, Path.of("/"));
                return new Applied("made a symbolic link " + relative + " to /", null, false);
            }
        }
    }

    private static Applied stray(Path checkpoint, Random random) throws IOException {
        List<Path> folders = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(checkpoint)) {
            walk.filter(p -> Files.isDirectory(p, LinkOption.NOFOLLOW_LINKS)).sorted().forEach(folders::add);
        }
        Path folder = folders.get(random.nextInt(folders.size()));
        String[] names = {"backup", "tmp", "old-state", "1.delta", "4.zip", "copy of 0", "_metadata", "42", "x"};
        Path stray = folder.resolve(names[random.nextInt(names.length)] + "-" + random.nextInt(100));
        Files.createDirectories(stray);
        if (random.nextBoolean()) {
            Files.writeString(stray.resolve("1.delta"), "not a delta");
        }
        return new Applied("made a stray folder " + checkpoint.relativize(stray).toString().replace('\\', '/'), null, false);
    }
}
