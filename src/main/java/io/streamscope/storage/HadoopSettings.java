package io.streamscope.storage;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Hadoop configuration given on top of {@code HADOOP_CONF_DIR}: {@code --conf KEY=VALUE} on the command line, or the
 * window's Open URI dialog. A {@code spark.hadoop.} prefix is stripped, as Spark does. Secret values never appear in
 * {@link #toString()} or {@link #maskedLines()}.
 */
public record HadoopSettings(Map<String, String> values) {

    public static final HadoopSettings NONE = new HadoopSettings(Map.of());
    static final String SPARK_PREFIX = "spark.hadoop.";
    public static final String MASK = "********";

    public HadoopSettings {
        values = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(values));
    }

    /** {@code KEY=VALUE} pairs, in order (a later key wins); a pair without {@code =} or with an empty key is refused. */
    public static HadoopSettings parse(List<String> pairs) {
        Map<String, String> values = new LinkedHashMap<>();
        for (String pair : pairs) {
            int equals = pair.indexOf('=');
            String key = equals < 0 ? "" : pair.substring(0, equals).strip();
            if (key.isEmpty()) {
                // Only the key side is named: the value may be a secret.
                throw new IllegalArgumentException("--conf takes KEY=VALUE, got "
                        + (equals < 0 ? "no '='" : "an empty key") + " in \"" + (equals < 0 ? maskAll(pair) : "=…") + "\"");
            }
            values.put(stripSparkPrefix(key), pair.substring(equals + 1).strip());
        }
        return new HadoopSettings(values);
    }

    /**
     * The window's conf text: one {@code KEY=VALUE} a line, blank lines and {@code #} comments left out. A secret
     * shown masked ({@link #maskedLines()}) keeps the value it had in {@code previous}.
     */
    public static HadoopSettings fromLines(String text, HadoopSettings previous) {
        List<String> pairs = new ArrayList<>();
        for (String line : text.split("\\R")) {
            String stripped = line.strip();
            if (!stripped.isEmpty() && !stripped.startsWith("#")) {
                pairs.add(stripped);
            }
        }
        HadoopSettings parsed = parse(pairs);
        Map<String, String> values = new LinkedHashMap<>(parsed.values);
        values.replaceAll((key, value) -> value.equals(MASK) && previous.values.containsKey(key)
                ? previous.values.get(key) : value);
        return new HadoopSettings(values);
    }

    /** One {@code KEY=VALUE} a line, secrets as {@link #MASK}: what the window shows of the settings. */
    public String maskedLines() {
        StringBuilder text = new StringBuilder();
        values.forEach((key, value) -> text.append(key).append('=').append(isSecret(key) ? MASK : value).append('\n'));
        return text.toString();
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }

    static String stripSparkPrefix(String key) {
        return key.startsWith(SPARK_PREFIX) ? key.substring(SPARK_PREFIX.length()) : key;
    }

    /** Keys whose values are credentials (S3A, ABFS, GCS and Hadoop's own): never printed. */
    public static boolean isSecret(String key) {
        String lower = key.toLowerCase(Locale.ROOT);
        return lower.contains("secret") || lower.contains("password") || lower.contains("token")
                || lower.contains("access.key") || lower.contains("account.key") || lower.contains("credential")
                || lower.contains("sas") || lower.contains("oauth") || lower.contains("private") || lower.endsWith(".key")
                || lower.contains("keyfile") || lower.contains("session");
    }

    private static String maskAll(String text) {
        return text.length() <= 3 ? text : text.substring(0, 3) + "…";
    }

    @Override
    public String toString() {
        return "HadoopSettings" + maskedLines().replace('\n', ' ').strip();
    }
}
