package io.streamscope.ui.settings;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

/**
 * Where the settings live: the user's {@link Preferences} node, or memory (tests, or settings that cannot be written).
 * Values longer than {@link #MAX_VALUE} are split by {@link Settings}. Never throws: settings that cannot be read are
 * absent, and a write that fails is forgotten.
 */
public interface KeyValues {

    /** {@link Preferences#MAX_VALUE_LENGTH}, less a margin. */
    int MAX_VALUE = 8000;

    String get(String key);

    void put(String key, String value);

    void remove(String key);

    List<String> keys();

    static KeyValues inMemory() {
        Map<String, String> values = new LinkedHashMap<>();
        return new KeyValues() {
            @Override
            public synchronized String get(String key) {
                return values.get(key);
            }

            @Override
            public synchronized void put(String key, String value) {
                values.put(key, value);
            }

            @Override
            public synchronized void remove(String key) {
                values.remove(key);
            }

            @Override
            public synchronized List<String> keys() {
                return new ArrayList<>(values.keySet());
            }
        };
    }

    static KeyValues of(Preferences node) {
        return new KeyValues() {
            @Override
            public String get(String key) {
                try {
                    return node.get(key, null);
                } catch (IllegalStateException | SecurityException | IllegalArgumentException unavailable) {
                    return null;
                }
            }

            @Override
            public void put(String key, String value) {
                try {
                    node.put(key, value);
                } catch (IllegalStateException | SecurityException | IllegalArgumentException unavailable) {
                    // settings cannot be written: they live until the window closes
                }
            }

            @Override
            public void remove(String key) {
                try {
                    node.remove(key);
                } catch (IllegalStateException | SecurityException unavailable) {
                    // as above
                }
            }

            @Override
            public List<String> keys() {
                try {
                    return List.of(node.keys());
                } catch (BackingStoreException | IllegalStateException | SecurityException unavailable) {
                    return List.of();
                }
            }
        };
    }
}
