//! urllib3 2.8.0's `urllib3.util.parse_url` (`src/urllib3/util/url.py`), modelled.
