"""An organisation's own documents: what may be uploaded, where the bytes are kept, the text
found in them, and the use cases the Files API calls."""
