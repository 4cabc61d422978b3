package io.streamscope.ui.recent;

import java.util.ArrayList;
import java.util.List;
import java.util.prefs.BackingStoreException;
import java.util.prefs.Preferences;

/** Keeps the recent folders in {@link Preferences} (the user's settings), as {@code recent.0}, {@code recent.1}, … */
public final class PreferencesStore implements RecentFolders.Store {

    /** The app's node under the user's root. */
    public static final String NODE = "io/streamscope/ui";
    private static final String KEY = "recent.";
    private final Preferences node;

    public PreferencesStore(Preferences node) {
        this.node = node;
    }

    /** The app's own node in the user's settings. */
    public static PreferencesStore forUser() {
        return new PreferencesStore(Preferences.userRoot().node(NODE));
    }

    @Override
    public List<String> load() {
        List<String> folders = new ArrayList<>();
        try {
            for (int i = 0; i < RecentFolders.MAX; i++) {
                String folder = node.get(KEY + i, null);
                if (folder != null) {
                    folders.add(folder);
                }
            }
        } catch (IllegalStateException | SecurityException unavailable) {
            // settings cannot be read: start with an empty list
        }
        return folders;
    }

    @Override
    public void save(List<String> folders) {
        try {
            for (int i = 0; i < RecentFolders.MAX; i++) {
                if (i < folders.size()) {
                    node.put(KEY + i, folders.get(i));
                } else {
                    node.remove(KEY + i);
                }
            }
        } catch (IllegalStateException | SecurityException | IllegalArgumentException unavailable) {
            // settings cannot be written: the list lives until the window closes
        }
    }

    /** Removes the node (tests clean up after themselves). */
    public void removeNode() throws BackingStoreException {
        node.removeNode();
    }
}
