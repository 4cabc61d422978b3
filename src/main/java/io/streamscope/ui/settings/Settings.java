package io.streamscope.ui.settings;

import io.streamscope.replay.OutputMode;
import io.streamscope.topic.TopicFiles;
import io.streamscope.ui.recent.PreferencesStore;
import io.streamscope.ui.recent.RecentFolders;
import io.streamscope.ui.replay.TopicChoice;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.prefs.Preferences;

/**
 * The user's settings ({@link Preferences}, never a checkpoint folder): the recent folders, what was given for each
 * checkpoint ({@link CheckpointSettings}, keyed by the checkpoint's absolute path; the {@value #MAX_CHECKPOINTS}
 * used last are kept), and the window's placement. FX thread (the store itself is cheap: {@link Preferences} writes
 * to disk in its own thread).
 */
public final class Settings {

    public static final int MAX_CHECKPOINTS = 64;
    private static final String CHECKPOINT = "checkpoint.";
    private static final String WINDOW = "window.";
    private static final String THEME = "theme";
    private static final String JOB_EDITOR = "jobEditor";

    private final RecentFolders recent;
    private final KeyValues values;

    public Settings(RecentFolders recent, KeyValues values) {
        this.recent = recent;
        this.values = values;
    }

    /** Settings that last until the program ends. */
    public static Settings inMemory() {
        return new Settings(RecentFolders.inMemory(), KeyValues.inMemory());
    }

    /** The recent folders given, the rest in memory. */
    public static Settings inMemory(RecentFolders recent) {
        return new Settings(recent, KeyValues.inMemory());
    }

    /** Everything in one preferences node (tests give their own). */
    public static Settings of(Preferences node) {
        return new Settings(new RecentFolders(new PreferencesStore(node)), KeyValues.of(node));
    }

    /** The app's own node in the user's settings. */
    public static Settings forUser() {
        return of(Preferences.userRoot().node(PreferencesStore.NODE));
    }

    public RecentFolders recent() {
        return recent;
    }

    /** What the user gave for the checkpoint at {@code folder}, if anything. */
    public Optional<CheckpointSettings> checkpoint(Path folder) {
        String prefix = prefix(folder);
        String path = values.get(prefix + "path");
        if (path == null || !path.equals(normal(folder))) {
            return Optional.empty();
        }
        String text = longValue(prefix + "text");
        Map<String, String> schemas = new LinkedHashMap<>();
        int count = integer(prefix + "schema.n");
        for (int i = 0; i < count; i++) {
            String topic = values.get(prefix + "schema." + i + ".topic");
            String ddl = longValue(prefix + "schema." + i + ".ddl");
            if (topic != null && ddl != null) {
                schemas.put(topic, ddl);
            }
        }
        Optional<OutputMode> mode = OutputMode.find(values.get(prefix + "mode"));
        return Optional.of(new CheckpointSettings(text, schemas, mode, topic(prefix)));
    }

    /** Remembers {@code settings} for the checkpoint at {@code folder}, replacing what was there. */
    public void saveCheckpoint(Path folder, CheckpointSettings settings) {
        String prefix = prefix(folder);
        removeAll(prefix);
        values.put(prefix + "path", normal(folder));
        values.put(prefix + "used", Long.toString(System.currentTimeMillis()));
        putLong(prefix + "text", settings.text());
        int i = 0;
        for (Map.Entry<String, String> schema : settings.schemas().entrySet()) {
            values.put(prefix + "schema." + i + ".topic", schema.getKey());
            putLong(prefix + "schema." + i + ".ddl", schema.getValue());
            i++;
        }
        values.put(prefix + "schema.n", Integer.toString(i));
        settings.mode().ifPresent(mode -> values.put(prefix + "mode", mode.label()));
        settings.topic().ifPresent(topic -> putTopic(prefix, topic));
        prune();
    }

    /** The theme the user chose last (its id, see {@code display.Theme}), if any. */
    public Optional<String> theme() {
        return Optional.ofNullable(values.get(THEME));
    }

    public void saveTheme(String id) {
        values.put(THEME, id);
    }

    /** The user's choice for the job editor: {@code open} or {@code folded} (see {@code display.JobEditorFold}). */
    public Optional<String> jobEditor() {
        return Optional.ofNullable(values.get(JOB_EDITOR));
    }

    public void saveJobEditor(String id) {
        values.put(JOB_EDITOR, id);
    }

    public Optional<WindowPlacement> window() {
        try {
            String x = values.get(WINDOW + "x");
            if (x == null) {
                return Optional.empty();
            }
            WindowPlacement placement = new WindowPlacement(Double.parseDouble(x),
                    Double.parseDouble(values.get(WINDOW + "y")), Double.parseDouble(values.get(WINDOW + "width")),
                    Double.parseDouble(values.get(WINDOW + "height")),
                    Boolean.parseBoolean(values.get(WINDOW + "maximized")));
            return placement.valid() ? Optional.of(placement) : Optional.empty();
        } catch (RuntimeException damaged) {
            return Optional.empty();
        }
    }

    public void saveWindow(WindowPlacement placement) {
        if (!placement.valid()) {
            return;
        }
        values.put(WINDOW + "x", Double.toString(placement.x()));
        values.put(WINDOW + "y", Double.toString(placement.y()));
        values.put(WINDOW + "width", Double.toString(placement.width()));
        values.put(WINDOW + "height", Double.toString(placement.height()));
        values.put(WINDOW + "maximized", Boolean.toString(placement.maximized()));
    }

    private Optional<TopicChoice> topic(String prefix) {
        String kind = values.get(prefix + "topic.kind");
        try {
            if ("kafka".equals(kind)) {
                String config = values.get(prefix + "topic.config");
                return Optional.of(TopicChoice.kafka(values.get(prefix + "topic.servers"),
                        config == null ? null : Path.of(config)));
            }
            if ("files".equals(kind)) {
                List<TopicFiles.Entry> files = new ArrayList<>();
                int count = integer(prefix + "topic.files.n");
                for (int i = 0; i < count; i++) {
                    String file = longValue(prefix + "topic.files." + i + ".path");
                    if (file != null && io.streamscope.storage.Locations.isRemote(file)) {
                        // a remote snapshot needs its connection's settings, which are never kept: the defaults again
                        return Optional.empty();
                    }
                    if (file != null) {
                        files.add(new TopicFiles.Entry(values.get(prefix + "topic.files." + i + ".topic"), Path.of(file)));
                    }
                }
                return files.isEmpty() ? Optional.empty() : Optional.of(TopicChoice.snapshots(files));
            }
        } catch (RuntimeException damaged) {
            // a setting from another machine (a path this one cannot read): the defaults
        }
        return Optional.empty();
    }

    private void putTopic(String prefix, TopicChoice topic) {
        if (topic.isKafka()) {
            values.put(prefix + "topic.kind", "kafka");
            values.put(prefix + "topic.servers", topic.bootstrapServers());
            if (topic.commandConfig() != null) {
                values.put(prefix + "topic.config", topic.commandConfig().toString());
            }
            return;
        }
        values.put(prefix + "topic.kind", "files");
        List<TopicFiles.Entry> files = topic.files();
        for (int i = 0; i < files.size(); i++) {
            if (files.get(i).topic() != null) {
                values.put(prefix + "topic.files." + i + ".topic", files.get(i).topic());
            }
            putLong(prefix + "topic.files." + i + ".path", files.get(i).file().toString());
        }
        values.put(prefix + "topic.files.n", Integer.toString(files.size()));
    }

    /** Keeps the settings of the {@link #MAX_CHECKPOINTS} checkpoints used last. */
    private void prune() {
        Map<String, Long> used = new LinkedHashMap<>();
        for (String key : values.keys()) {
            if (key.startsWith(CHECKPOINT) && key.endsWith(".used")) {
                try {
                    used.put(key.substring(0, key.length() - "used".length()), Long.parseLong(values.get(key)));
                } catch (RuntimeException damaged) {
                    used.put(key.substring(0, key.length() - "used".length()), 0L);
                }
            }
        }
        if (used.size() <= MAX_CHECKPOINTS) {
            return;
        }
        used.entrySet().stream().sorted(Map.Entry.comparingByValue(Comparator.naturalOrder()))
                .limit(used.size() - MAX_CHECKPOINTS).forEach(entry -> removeAll(entry.getKey()));
    }

    private void removeAll(String prefix) {
        for (String key : values.keys()) {
            if (key.startsWith(prefix)) {
                values.remove(key);
            }
        }
    }

    /** A value of any length, as {@code key.n} chunks {@code key.0}, {@code key.1}, … */
    private void putLong(String key, String value) {
        int chunks = (value.length() + KeyValues.MAX_VALUE - 1) / KeyValues.MAX_VALUE;
        values.put(key + ".n", Integer.toString(chunks));
        for (int i = 0; i < chunks; i++) {
            values.put(key + "." + i, value.substring(i * KeyValues.MAX_VALUE,
                    Math.min(value.length(), (i + 1) * KeyValues.MAX_VALUE)));
        }
    }

    private String longValue(String key) {
        String count = values.get(key + ".n");
        if (count == null) {
            return null;
        }
        StringBuilder value = new StringBuilder();
        int chunks = integer(key + ".n");
        for (int i = 0; i < chunks; i++) {
            String chunk = values.get(key + "." + i);
            if (chunk == null) {
                return null; // damaged: rather nothing than half a job
            }
            value.append(chunk);
        }
        return value.toString();
    }

    private int integer(String key) {
        try {
            String value = values.get(key);
            return value == null ? 0 : Math.max(0, Integer.parseInt(value));
        } catch (NumberFormatException damaged) {
            return 0;
        }
    }

    private static String normal(Path folder) {
        return folder.toAbsolutePath().normalize().toString();
    }

    /** {@code checkpoint.<hash>.}: a key of at most 80 characters whatever the path's length. */
    private static String prefix(Path folder) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(normal(folder).getBytes(StandardCharsets.UTF_8));
            return CHECKPOINT + HexFormat.of().formatHex(digest, 0, 16) + ".";
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java has SHA-256", e);
        }
    }
}
