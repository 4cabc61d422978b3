package io.streamscope.ui.display;

import javafx.scene.control.ComboBox;

/** The theme selector ({@code #themeSelector}): the user's choice of {@link Theme}, kept in their settings. */
public final class ThemeSelector {

    private ThemeSelector() {
    }

    public static ComboBox<Theme> create(DisplayViewModel display) {
        ComboBox<Theme> selector = new ComboBox<>();
        selector.setId("themeSelector");
        selector.setPrefWidth(170); // the header's title keeps its room
        selector.getStyleClass().add("theme-selector");
        selector.getItems().setAll(Theme.values());
        selector.valueProperty().bindBidirectional(display.themeProperty());
        selector.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        HoverTooltip.setText(selector, "The window's theme (remembered); presentation mode always uses the projector theme");
        return selector;
    }
}
